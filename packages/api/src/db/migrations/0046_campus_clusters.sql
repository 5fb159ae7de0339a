CREATE TABLE "campus_cluster_members" (
	"cluster_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campus_cluster_members_cluster_id_student_id_pk" PRIMARY KEY("cluster_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "campus_clusters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campus_clusters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campus_clusters_capacity_ck" CHECK ("campus_clusters"."capacity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "campus_cluster_members" ADD CONSTRAINT "campus_cluster_members_cluster_id_campus_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."campus_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_cluster_members" ADD CONSTRAINT "campus_cluster_members_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_clusters" ADD CONSTRAINT "campus_clusters_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campus_cluster_members_student_idx" ON "campus_cluster_members" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campus_clusters_name_uq" ON "campus_clusters" USING btree ("name");