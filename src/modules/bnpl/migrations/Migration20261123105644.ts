import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123105644 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_payment" drop constraint if exists "bnpl_payment_bnpl_payment_id_unique";`);
    this.addSql(`create table if not exists "bnpl_notification_secret" ("id" text not null, "token" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_notification_secret_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_notification_secret_deleted_at" ON "bnpl_notification_secret" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "bnpl_payment" ("id" text not null, "bnpl_payment_id" text not null, "session_id" text not null, "cart_id" text null, "purchase_amount" integer not null, "currency_code" text not null, "token_in_url" boolean not null default true, "status" text check ("status" in ('open', 'ordered', 'to_settle', 'cancelled', 'refunded', 'failed')) not null default 'open', "reason" text null, "order_id" text null, "refunded_amount" integer null, "attempts" integer not null default 0, "last_error" text null, "next_attempt_at" timestamptz null, "settled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_payment_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_deleted_at" ON "bnpl_payment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_payment_bnpl_payment_id_unique" ON "bnpl_payment" ("bnpl_payment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_status_next_attempt_at" ON "bnpl_payment" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_cart_id" ON "bnpl_payment" ("cart_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_notification_secret" cascade;`);

    this.addSql(`drop table if exists "bnpl_payment" cascade;`);
  }

}
