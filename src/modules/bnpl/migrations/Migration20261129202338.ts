import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Order events in their own table (models/order-event.ts): they waited in the message record as
 * `kind = 'event'` rows. Those still there (events whose order could not be read yet) move over
 * with their ids, attempts and due time, so the retry job handles them as before.
 */
export class Migration20261129202338 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "bnpl_order_event" ("id" text not null, "event" text not null, "order_id" text null, "fulfillment_id" text null, "status" text check ("status" in ('pending', 'failed')) not null default 'pending', "attempts" integer not null default 0, "last_error" text null, "next_attempt_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "bnpl_order_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_order_event_deleted_at" ON "bnpl_order_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_order_event_status_next_attempt_at" ON "bnpl_order_event" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_bnpl_order_event_order_id" ON "bnpl_order_event" ("order_id") WHERE deleted_at IS NULL;`
    )
    // The event's word: the payload's `event` (older rows named it `trigger`), else the row's trigger.
    this.addSql(
      `insert into "bnpl_order_event" ("id", "event", "order_id", "fulfillment_id", "status", "attempts", "last_error", "next_attempt_at", "created_at", "updated_at")
       select "id", coalesce("payload"->>'event', "payload"->>'trigger', "trigger"), nullif("order_id", ''), "fulfillment_id",
              case when "status" = 'pending' then 'pending' else 'failed' end, "attempts", "last_error", "next_attempt_at", "created_at", "updated_at"
       from "bnpl_service_message" where "kind" = 'event' and "deleted_at" is null;`
    )
    this.addSql(`delete from "bnpl_service_message" where "kind" = 'event';`)
  }

  override async down(): Promise<void> {
    this.addSql(
      `insert into "bnpl_service_message" ("id", "order_id", "kind", "trigger", "fulfillment_id", "payload", "status", "attempts", "last_error", "next_attempt_at", "created_at", "updated_at")
       select "id", coalesce("order_id", ''), 'event', "event", "fulfillment_id",
              jsonb_build_object('event', "event", 'order_id', "order_id", 'fulfillment_id', "fulfillment_id"),
              "status", "attempts", "last_error", "next_attempt_at", "created_at", "updated_at"
       from "bnpl_order_event" where "deleted_at" is null;`
    )
    this.addSql(`drop table if exists "bnpl_order_event" cascade;`)
  }
}
