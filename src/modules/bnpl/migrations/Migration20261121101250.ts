import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121101250 extends Migration {

  override async up(): Promise<void> {
    // Null = not set in the admin (the plugin options or the built-in default apply).
    this.addSql(`alter table if exists "bnpl_settings" alter column "auto_capture" drop default;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "auto_capture" type boolean using ("auto_capture"::boolean);`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "auto_capture" drop not null;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "shipping_sync_enabled" drop default;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "shipping_sync_enabled" type boolean using ("shipping_sync_enabled"::boolean);`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "shipping_sync_enabled" drop not null;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "verify_notification_signature" drop default;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "verify_notification_signature" type boolean using ("verify_notification_signature"::boolean);`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "verify_notification_signature" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "bnpl_settings" set "auto_capture" = coalesce("auto_capture", true), "shipping_sync_enabled" = coalesce("shipping_sync_enabled", true), "verify_notification_signature" = coalesce("verify_notification_signature", false);`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "auto_capture" type boolean using ("auto_capture"::boolean);`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "auto_capture" set default true;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "auto_capture" set not null;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "shipping_sync_enabled" type boolean using ("shipping_sync_enabled"::boolean);`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "shipping_sync_enabled" set default true;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "shipping_sync_enabled" set not null;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "verify_notification_signature" type boolean using ("verify_notification_signature"::boolean);`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "verify_notification_signature" set default false;`);
    this.addSql(`alter table if exists "bnpl_settings" alter column "verify_notification_signature" set not null;`);
  }

}
