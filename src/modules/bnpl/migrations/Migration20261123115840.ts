import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123115840 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_cart_eligibility" add column if not exists "account" text null;`);

    this.addSql(`alter table if exists "bnpl_payment" add column if not exists "mode" text null;`);

    this.addSql(`alter table if exists "bnpl_settings" add column if not exists "test_api_key_encrypted" text null, add column if not exists "test_api_key_hint" text null, add column if not exists "test_api_url" text null, add column if not exists "mode" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_cart_eligibility" drop column if exists "account";`);

    this.addSql(`alter table if exists "bnpl_payment" drop column if exists "mode";`);

    this.addSql(`alter table if exists "bnpl_settings" drop column if exists "test_api_key_encrypted", drop column if exists "test_api_key_hint", drop column if exists "test_api_url", drop column if exists "mode";`);
  }

}
