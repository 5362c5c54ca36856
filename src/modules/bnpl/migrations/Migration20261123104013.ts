import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123104013 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "bnpl_checkout_snapshot" ("id" text not null, "cart_id" text not null, "payment_collection_id" text null, "session_id" text null, "bnpl_payment_id" text null, "order_id" text null, "snapshot" jsonb not null, "available_options" jsonb null, "available_options_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_checkout_snapshot_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_checkout_snapshot_deleted_at" ON "bnpl_checkout_snapshot" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_checkout_snapshot_cart_id" ON "bnpl_checkout_snapshot" ("cart_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_checkout_snapshot_order_id" ON "bnpl_checkout_snapshot" ("order_id") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" add column if not exists "accepted_sequence" integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_checkout_snapshot" cascade;`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" drop column if exists "accepted_sequence";`);
  }

}
