import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The plugin's whole schema, generated from its data models (`npx medusa plugin:db:generate`):
 * the migrations of its development (0.1.0 was never released) squashed into one. The next
 * change of a model is a migration generated after this one.
 */
export class Migration20261127000000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_payment" drop constraint if exists "bnpl_payment_bnpl_payment_id_unique";`);
    this.addSql(`alter table if exists "bnpl_cart_eligibility" drop constraint if exists "bnpl_cart_eligibility_cart_id_unique";`);
    this.addSql(`create table if not exists "bnpl_cart_eligibility" ("id" text not null, "cart_id" text not null, "purchase_amount" integer not null, "currency_code" text not null, "checked_at" timestamptz not null, "account" text null, "service_available" boolean not null, "unavailable_reason" text null, "message" text null, "plans" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_cart_eligibility_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_cart_eligibility_deleted_at" ON "bnpl_cart_eligibility" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_cart_eligibility_cart_id_unique" ON "bnpl_cart_eligibility" ("cart_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "bnpl_checkout_snapshot" ("id" text not null, "cart_id" text not null, "payment_collection_id" text null, "session_id" text null, "bnpl_payment_id" text null, "order_id" text null, "snapshot" jsonb not null, "available_options" jsonb null, "available_options_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_checkout_snapshot_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_checkout_snapshot_deleted_at" ON "bnpl_checkout_snapshot" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_checkout_snapshot_cart_id" ON "bnpl_checkout_snapshot" ("cart_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_checkout_snapshot_order_id" ON "bnpl_checkout_snapshot" ("order_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "bnpl_notification_secret" ("id" text not null, "token" text not null, "retired_at" timestamptz null, "mode" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_notification_secret_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_notification_secret_deleted_at" ON "bnpl_notification_secret" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "bnpl_payment" ("id" text not null, "bnpl_payment_id" text not null, "session_id" text not null, "cart_id" text null, "checkout_id" text null, "purchase_amount" integer not null, "currency_code" text not null, "mode" text null, "token_in_url" boolean not null default true, "status" text check ("status" in ('open', 'ordered', 'to_settle', 'cancelled', 'refunded', 'failed')) not null default 'open', "reason" text null, "order_id" text null, "refunded_amount" integer null, "attempts" integer not null default 0, "last_error" text null, "next_attempt_at" timestamptz null, "settled_at" timestamptz null, "failed_account" text null, "pay_at_shipment" boolean not null default false, "trigger_deadline" timestamptz null, "triggered_at" timestamptz null, "deadline_warned_at" timestamptz null, "deadline_passed_warned_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_payment_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_deleted_at" ON "bnpl_payment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_payment_bnpl_payment_id_unique" ON "bnpl_payment" ("bnpl_payment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_status_next_attempt_at" ON "bnpl_payment" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_cart_id" ON "bnpl_payment" ("cart_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_checkout_id" ON "bnpl_payment" ("checkout_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "bnpl_service_message" ("id" text not null, "order_id" text not null, "kind" text not null default 'shipping_info', "payment_id" text null, "bnpl_payment_id" text null, "fulfillment_id" text null, "trigger" text not null, "payload" jsonb null, "payload_hash" text null, "status" text check ("status" in ('pending', 'synced', 'failed', 'skipped', 'unchanged', 'unavailable')) not null default 'pending', "attempts" integer not null default 0, "last_error" text null, "next_attempt_at" timestamptz null, "synced_at" timestamptz null, "accepted_sequence" integer null, "service_order_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_service_message_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_service_message_deleted_at" ON "bnpl_service_message" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_service_message_order_id" ON "bnpl_service_message" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_service_message_status_next_attempt_at" ON "bnpl_service_message" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_service_message_order_id_kind" ON "bnpl_service_message" ("order_id", "kind") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "bnpl_settings" ("id" text not null, "api_key_encrypted" text null, "api_key_hint" text null, "api_url" text null, "test_api_key_encrypted" text null, "test_api_key_hint" text null, "test_api_url" text null, "mode" text null, "plans" jsonb null, "auto_capture" boolean null, "shipping_sync_enabled" boolean null, "shipping_method_overrides" jsonb null, "verify_notification_signature" boolean null, "notification_signature_header" text null, "plan_bounds" jsonb null, "exclusions" jsonb null, "eligibility_api" text null, "legal_texts" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_settings_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_settings_deleted_at" ON "bnpl_settings" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_cart_eligibility" cascade;`);

    this.addSql(`drop table if exists "bnpl_checkout_snapshot" cascade;`);

    this.addSql(`drop table if exists "bnpl_notification_secret" cascade;`);

    this.addSql(`drop table if exists "bnpl_payment" cascade;`);

    this.addSql(`drop table if exists "bnpl_service_message" cascade;`);

    this.addSql(`drop table if exists "bnpl_settings" cascade;`);
  }

}
