import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125145311 extends Migration {

  override async up(): Promise<void> {
    // The shipping sync's record becomes the record of every message to the service about an
    // order: existing rows take the default kind `shipping_info` and keep working as they are.
    this.addSql(`alter table if exists "bnpl_shipping_sync" drop constraint if exists "bnpl_shipping_sync_status_check";`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" add column if not exists "kind" text check ("kind" in ('shipping_info', 'order_reference', 'order_status', 'tracking')) not null default 'shipping_info', add column if not exists "service_order_id" text null;`);
    this.addSql(`alter table if exists "bnpl_shipping_sync" add constraint "bnpl_shipping_sync_status_check" check("status" in ('pending', 'synced', 'failed', 'skipped', 'unchanged', 'unavailable'));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_shipping_sync_order_id_kind" ON "bnpl_shipping_sync" ("order_id", "kind") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_shipping_sync" drop constraint if exists "bnpl_shipping_sync_status_check";`);

    this.addSql(`drop index if exists "IDX_bnpl_shipping_sync_order_id_kind";`);
    this.addSql(`alter table if exists "bnpl_shipping_sync" drop column if exists "kind", drop column if exists "service_order_id";`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" add constraint "bnpl_shipping_sync_status_check" check("status" in ('pending', 'synced', 'failed', 'skipped', 'unchanged'));`);
  }

}
