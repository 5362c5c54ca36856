import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123110100 extends Migration {

  override async up(): Promise<void> {
    // Products excluded from instalment payment; null = not set in the admin (the plugin options apply).
    this.addSql(`alter table if exists "bnpl_settings" add column if not exists "exclusions" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_settings" drop column if exists "exclusions";`);
  }

}
