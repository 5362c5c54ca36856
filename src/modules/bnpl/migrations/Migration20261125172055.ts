import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125172055 extends Migration {

  override async up(): Promise<void> {
    // Pay at shipment: the payment's kind and deadline, and the `trigger` message kind.
    this.addSql(`alter table if exists "bnpl_shipping_sync" drop constraint if exists "bnpl_shipping_sync_kind_check";`);

    this.addSql(`alter table if exists "bnpl_payment" add column if not exists "pay_at_shipment" boolean not null default false, add column if not exists "trigger_deadline" timestamptz null, add column if not exists "triggered_at" timestamptz null;`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" add constraint "bnpl_shipping_sync_kind_check" check("kind" in ('shipping_info', 'order_reference', 'order_status', 'tracking', 'trigger'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_shipping_sync" drop constraint if exists "bnpl_shipping_sync_kind_check";`);

    this.addSql(`alter table if exists "bnpl_payment" drop column if exists "pay_at_shipment", drop column if exists "trigger_deadline", drop column if exists "triggered_at";`);

    this.addSql(`alter table if exists "bnpl_shipping_sync" add constraint "bnpl_shipping_sync_kind_check" check("kind" in ('shipping_info', 'order_reference', 'order_status', 'tracking'));`);
  }

}
