import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123110000 extends Migration {

  override async up(): Promise<void> {
    // The merchant's amount bounds per plan; null = not set in the admin (the plugin options apply).
    this.addSql(`alter table if exists "bnpl_settings" add column if not exists "plan_bounds" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_settings" drop column if exists "plan_bounds";`);
  }

}
