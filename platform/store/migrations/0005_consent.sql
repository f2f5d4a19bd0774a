CREATE TABLE "consent_answers" (
	"user_id" integer NOT NULL,
	"field_name" text NOT NULL,
	"functional_purpose" text NOT NULL,
	"answer" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_answers_user_id_field_name_pk" PRIMARY KEY("user_id","field_name")
);
--> statement-breakpoint
ALTER TABLE "consent_answers" ADD CONSTRAINT "consent_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;