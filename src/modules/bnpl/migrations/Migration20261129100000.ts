import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261129100000 extends Migration {

  override async up(): Promise<void> {
    // The merchant's credit-advertising texts per market; null = not set in the admin (the plugin options, then the shipped defaults apply).
    this.addSql(`alter table if exists "bnpl_settings" add column if not exists "legal_texts" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_settings" drop column if exists "legal_texts";`);
  }

}
