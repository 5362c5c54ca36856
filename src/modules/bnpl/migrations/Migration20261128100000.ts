import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128100000 extends Migration {

  override async up(): Promise<void> {
    // One notification token per account: the account whose payments a token was given to (null:
    // the token both accounts shared before).
    this.addSql(`alter table if exists "bnpl_notification_secret" add column if not exists "mode" text null;`);

    // The shared token is retired now: accepted 7 days more for the payments of both accounts
    // made before (or within 5 minutes after), like a rotated-out token; each account's own token
    // is made on the first read (modules/bnpl/notification-secret.ts).
    this.addSql(`update "bnpl_notification_secret" set "retired_at" = now(), "updated_at" = now() where "id" = 'bnplnot_store' and "retired_at" is null;`);
  }

  override async down(): Promise<void> {
    // Back to one shared token: the live account's current token becomes it (keeping the date of
    // the store's first token); the test account's is retired (accepted its grace period).
    this.addSql(`update "bnpl_notification_secret" set "created_at" = (select min("created_at") from bnpl_notification_secret) where "id" = 'bnplnot_live';`);
    this.addSql(`delete from bnpl_notification_secret where "id" = 'bnplnot_store' and exists (select 1 from bnpl_notification_secret where "id" = 'bnplnot_live');`);
    this.addSql(`update "bnpl_notification_secret" set "id" = 'bnplnot_store' where "id" = 'bnplnot_live';`);
    this.addSql(`update "bnpl_notification_secret" set "retired_at" = now() where "id" = 'bnplnot_test' and "retired_at" is null;`);
    this.addSql(`alter table if exists "bnpl_notification_secret" drop column if exists "mode";`);
  }

}
