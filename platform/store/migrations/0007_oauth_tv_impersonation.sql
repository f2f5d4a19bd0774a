CREATE TABLE "oauth_clients" (
	"realm" text NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_clients_realm_client_id_pk" PRIMARY KEY("realm","client_id")
);
--> statement-breakpoint
CREATE TABLE "tv_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"user_code" text NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_id" integer,
	"profile_id" integer,
	"activated_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tv_codes_device_code_hash_unique" UNIQUE("device_code_hash")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_codes" ADD CONSTRAINT "tv_codes_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_codes" ADD CONSTRAINT "tv_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_codes" ADD CONSTRAINT "tv_codes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tv_codes_realm_user_code_idx" ON "tv_codes" USING btree ("realm","user_code");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;