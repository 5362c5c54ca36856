import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261129120000 extends Migration {

  override async up(): Promise<void> {
    // A message's kind is one of the kind table's (src/lib/messages/kinds), checked where rows are
    // written: a new kind is a file of that table, not a migration of this constraint as well.
    this.addSql(`alter table if exists "bnpl_shipping_sync" drop constraint if exists "bnpl_shipping_sync_kind_check";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_shipping_sync" add constraint "bnpl_shipping_sync_kind_check" check("kind" in ('shipping_info', 'order_reference', 'order_status', 'tracking', 'trigger', 'event'));`);
  }

}
