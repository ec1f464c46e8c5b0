-- The department's time zone as a setting (issue 16): a nullable column on the one-row
-- department_settings table. Nullable with no default, so PostgreSQL adds it without touching the
-- row; until an administrator saves a zone the server uses DEPARTMENT_TIMEZONE or its own zone.
-- Whether the text is an IANA zone is checked by the API (Intl.supportedValuesOf), not by a CHECK:
-- the list of zones changes with the runtime's time zone data.
ALTER TABLE "department_settings" ADD COLUMN "time_zone" text;
