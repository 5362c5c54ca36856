import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125142301 extends Migration {

  override async up(): Promise<void> {
    // The checkout snapshot a payment was made with: its customer data goes when the payment ends.
    this.addSql(`alter table if exists "bnpl_payment" add column if not exists "checkout_id" text null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_checkout_id" ON "bnpl_payment" ("checkout_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_bnpl_payment_checkout_id";`);
    this.addSql(`alter table if exists "bnpl_payment" drop column if exists "checkout_id";`);
  }

}
