import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** `bnpl_payment.failed_account`: the account that answered "no such payment" (settled again once it changes). */
export class Migration20261125140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_payment" add column if not exists "failed_account" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_payment" drop column if exists "failed_account";`)
  }
}
