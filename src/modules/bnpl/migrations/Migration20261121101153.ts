import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121101153 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "bnpl_shipping_sync" ("id" text not null, "order_id" text not null, "payment_id" text null, "bnpl_payment_id" text null, "fulfillment_id" text null, "trigger" text not null, "payload" jsonb null, "payload_hash" text null, "status" text check ("status" in ('pending', 'synced', 'failed', 'skipped', 'unchanged')) not null default 'pending', "attempts" integer not null default 0, "last_error" text null, "next_attempt_at" timestamptz null, "synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_shipping_sync_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_shipping_sync_deleted_at" ON "bnpl_shipping_sync" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_shipping_sync_order_id" ON "bnpl_shipping_sync" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_shipping_sync_status_next_attempt_at" ON "bnpl_shipping_sync" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_shipping_sync" cascade;`);
  }

}
