import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125141805 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_notification_secret" add column if not exists "retired_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_notification_secret" drop column if exists "retired_at";`);
  }

}
