import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125211830 extends Migration {

  override async up(): Promise<void> {
    // The eligibility interface chosen in the admin; null (every existing row): the option / env / v1.
    this.addSql(`alter table if exists "bnpl_settings" add column if not exists "eligibility_api" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_settings" drop column if exists "eligibility_api";`);
  }

}
