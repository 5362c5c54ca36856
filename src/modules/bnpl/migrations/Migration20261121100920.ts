import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121100920 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "bnpl_cart_eligibility" drop constraint if exists "bnpl_cart_eligibility_cart_id_unique";`);
    this.addSql(`create table if not exists "bnpl_cart_eligibility" ("id" text not null, "cart_id" text not null, "purchase_amount" integer not null, "currency_code" text not null, "checked_at" timestamptz not null, "service_available" boolean not null, "unavailable_reason" text null, "message" text null, "plans" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_cart_eligibility_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_bnpl_cart_eligibility_deleted_at" ON "bnpl_cart_eligibility" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_bnpl_cart_eligibility_cart_id_unique" ON "bnpl_cart_eligibility" ("cart_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_cart_eligibility" cascade;`);
  }

}
