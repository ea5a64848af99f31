-- phone prefix
select "m"."id" from "members" as "m" where "m"."phone" >= ? and "m"."phone" < ? order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: ["138","139"]

-- grade + 30-day registration range
select "m"."id" from "members" as "m" where "m"."grade_id" = ? and "m"."registered_at" >= ? and "m"."registered_at" <= ? order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: [2,1760832000000,1763424000000]

-- default sort (newest first)
select "m"."id" from "members" as "m" order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: []
