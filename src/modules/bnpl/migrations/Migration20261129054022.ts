import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Instalment payment links the merchant sent for what an order owes (models/payment-link.ts). */
export class Migration20261129054022 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "bnpl_payment_link" ("id" text not null, "payment_collection_id" text not null, "order_id" text not null, "sent_count" integer not null default 0, "last_sent_at" timestamptz null, "expires_at" timestamptz not null, "cancelled_at" timestamptz null, "closed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_payment_link_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_link_deleted_at" ON "bnpl_payment_link" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_payment_link_payment_collection_id_unique" ON "bnpl_payment_link" ("payment_collection_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_payment_link_order_id" ON "bnpl_payment_link" ("order_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists bnpl_payment_link cascade;`)
  }
}
