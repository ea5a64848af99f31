-- phone prefix
select "m"."id" from "members" as "m" where "m"."phone" >= $1 and "m"."phone" < $2 order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: ["138","139"]

-- grade + 30-day registration range
select "m"."id" from "members" as "m" where "m"."grade_id" = $1 and "m"."registered_at" >= $2 and "m"."registered_at" <= $3 order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: [2,1760832000000,1763424000000]

-- default sort (newest first)
select "m"."id" from "members" as "m" order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: []
