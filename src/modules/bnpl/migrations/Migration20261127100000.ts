import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127100000 extends Migration {

  override async up(): Promise<void> {
    // The `event` kind: an order event whose messages could not be built yet (handled again by the job).
    this.addSql(`alter table if exists "bnpl_shipping_sync" drop constraint if exists "bnpl_shipping_sync_kind_check";`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" add constraint "bnpl_shipping_sync_kind_check" check("kind" in ('shipping_info', 'order_reference', 'order_status', 'tracking', 'trigger', 'event'));`);

    // Pay at shipment: the deadline's warnings, each given once (a missed daily run still warns).
    this.addSql(`alter table if exists "bnpl_payment" add column if not exists "deadline_warned_at" timestamptz null, add column if not exists "deadline_passed_warned_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_payment" drop column if exists "deadline_warned_at", drop column if exists "deadline_passed_warned_at";`);

    this.addSql(`delete from bnpl_shipping_sync where kind = 'event';`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" drop constraint if exists "bnpl_shipping_sync_kind_check";`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" add constraint "bnpl_shipping_sync_kind_check" check("kind" in ('shipping_info', 'order_reference', 'order_status', 'tracking', 'trigger'));`);
  }

}
