-- Analytics events. On PostgreSQL the table is partitioned by day of received_at: a
-- DEFAULT partition takes any day whose partition is not made yet, and retention
-- (platform/analytics/retention.ts) makes the coming days' partitions and drops past ones.
-- PGlite (one process, small data) keeps one table, and retention deletes rows.
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    CREATE TABLE "analytics_events" (
      "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
      "realm" text NOT NULL,
      "device_id" text,
      "user_id" text,
      "name" text NOT NULL,
      "type" text NOT NULL,
      "route" text NOT NULL,
      "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
      "sandbox" boolean DEFAULT false NOT NULL,
      "occurred_at" timestamp with time zone NOT NULL,
      "received_at" timestamp with time zone DEFAULT now() NOT NULL
    );
  ELSE
    CREATE TABLE "analytics_events" (
      "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
      "realm" text NOT NULL,
      "device_id" text,
      "user_id" text,
      "name" text NOT NULL,
      "type" text NOT NULL,
      "route" text NOT NULL,
      "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
      "sandbox" boolean DEFAULT false NOT NULL,
      "occurred_at" timestamp with time zone NOT NULL,
      "received_at" timestamp with time zone DEFAULT now() NOT NULL
    ) PARTITION BY RANGE ("received_at");
    CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;
  END IF;
END $$;
--> statement-breakpoint
CREATE INDEX "analytics_events_realm_received_idx" ON "analytics_events" USING btree ("realm","received_at");
