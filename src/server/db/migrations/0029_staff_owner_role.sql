-- Staff roles (src/shared/staff-roles.ts): every staff account until now reached every area,
-- so each keeps doing so as an owner. Data only: the previous release ignores the new entry.
UPDATE "players" SET "scope" = "scope" || '["owner"]'::jsonb WHERE "scope" @> '["admin"]'::jsonb AND NOT "scope" @> '["owner"]'::jsonb;
