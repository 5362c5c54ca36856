import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121100551 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "bnpl_settings" ("id" text not null, "api_key_encrypted" text null, "api_key_hint" text null, "api_url" text null, "plans" jsonb null, "auto_capture" boolean not null default true, "shipping_sync_enabled" boolean not null default true, "shipping_method_overrides" jsonb null, "verify_notification_signature" boolean not null default false, "notification_signature_header" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_settings_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_settings_deleted_at" ON "bnpl_settings" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_settings" cascade;`);
  }

}
