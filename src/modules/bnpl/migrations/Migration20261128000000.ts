import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The ledger's `authorized` state: a payment Medusa authorized whose order is not known yet
 * (rows `ordered` without an order become it), and a check that every `ordered` row names its
 * order. Who holds an `authorized` payment is then read in Medusa's records. The refunds at the
 * service taken as a later Medusa refund (`bnpl_adopted_refund`), each once; and the last
 * comparison of each payment with Medusa's records (`bnpl_reconciliation`).
 */
export class Migration20261128000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "bnpl_reconciliation" ("id" text not null, "bnpl_payment_id" text not null, "service" jsonb null, "service_read_at" timestamptz null, "medusa" jsonb null, "medusa_key" text null, "drifts" jsonb null, "drift_count" integer not null default 0, "checked_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_reconciliation_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_reconciliation_deleted_at" ON "bnpl_reconciliation" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_reconciliation_bnpl_payment_id_unique" ON "bnpl_reconciliation" ("bnpl_payment_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_reconciliation_drift_count" ON "bnpl_reconciliation" ("drift_count") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `create table if not exists "bnpl_adopted_refund" ("id" text not null, "bnpl_payment_id" text not null, "reference" text not null, "medusa_refund_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_adopted_refund_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_adopted_refund_deleted_at" ON "bnpl_adopted_refund" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_adopted_refund_reference_unique" ON "bnpl_adopted_refund" ("reference") WHERE deleted_at IS NULL;`
    )
    this.addSql(`alter table if exists "bnpl_payment" drop constraint if exists "bnpl_payment_status_check";`)
    this.addSql(`update "bnpl_payment" set "status" = 'authorized' where "status" = 'ordered' and "order_id" is null;`)
    this.addSql(
      `alter table if exists "bnpl_payment" add constraint "bnpl_payment_status_check" check ("status" in ('open', 'authorized', 'ordered', 'to_settle', 'cancelled', 'refunded', 'failed'));`
    )
    this.addSql(
      `alter table if exists "bnpl_payment" add constraint "bnpl_payment_ordered_names_order" check ("status" <> 'ordered' OR "order_id" IS NOT NULL);`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_reconciliation" cascade;`)
    this.addSql(`drop table if exists "bnpl_adopted_refund" cascade;`)
    this.addSql(`alter table if exists "bnpl_payment" drop constraint if exists "bnpl_payment_ordered_names_order";`)
    this.addSql(`alter table if exists "bnpl_payment" drop constraint if exists "bnpl_payment_status_check";`)
    this.addSql(`update "bnpl_payment" set "status" = 'ordered' where "status" = 'authorized';`)
    this.addSql(
      `alter table if exists "bnpl_payment" add constraint "bnpl_payment_status_check" check ("status" in ('open', 'ordered', 'to_settle', 'cancelled', 'refunded', 'failed'));`
    )
  }
}
