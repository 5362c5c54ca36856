import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The message record in its own words (models/service-message.ts): a message the service accepted
 * is `accepted` at `accepted_at` (it said `synced`, from when it held shipping syncs only), and a
 * row names its kind (no default). Rows recorded before keep what they say, renamed.
 */
export class Migration20261129164315 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_service_message" drop constraint if exists "bnpl_service_message_status_check";`)
    this.addSql(`update "bnpl_service_message" set "status" = 'accepted' where "status" = 'synced';`)
    this.addSql(`alter table if exists "bnpl_service_message" alter column "kind" drop default;`)
    this.addSql(
      `alter table if exists "bnpl_service_message" add constraint "bnpl_service_message_status_check" check("status" in ('pending', 'accepted', 'failed', 'skipped', 'unchanged', 'unavailable'));`
    )
    this.addSql(`alter table if exists "bnpl_service_message" rename column "synced_at" to "accepted_at";`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_service_message" drop constraint if exists "bnpl_service_message_status_check";`)
    this.addSql(`update "bnpl_service_message" set "status" = 'synced' where "status" = 'accepted';`)
    this.addSql(`alter table if exists "bnpl_service_message" alter column "kind" set default 'shipping_info';`)
    this.addSql(
      `alter table if exists "bnpl_service_message" add constraint "bnpl_service_message_status_check" check("status" in ('pending', 'synced', 'failed', 'skipped', 'unchanged', 'unavailable'));`
    )
    this.addSql(`alter table if exists "bnpl_service_message" rename column "accepted_at" to "synced_at";`)
  }
}
