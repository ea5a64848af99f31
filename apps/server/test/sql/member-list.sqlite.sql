-- phone prefix
select "m"."id" from "members" as "m" where "m"."phone" >= ? and "m"."phone" < ? order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: ["138","139"]

-- grade + 30-day registration range
select "m"."id" from "members" as "m" where "m"."grade_id" = ? and "m"."registered_at" >= ? and "m"."registered_at" <= ? order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: [2,1760832000000,1763424000000]

-- default sort (newest first)
select "m"."id" from "members" as "m" order by "m"."registered_at" desc, "m"."id" desc;
-- parameters: []

-- name 王伟 (the grams index alone)
select "g"."member_id" as "id" from "member_name_grams" as "g" where "g"."gram" = ? order by "g"."registered_at" desc, "g"."member_id" desc;
-- parameters: ["王伟"]

-- name 李秀英 (the grams index alone)
select "g"."member_id" as "id" from "member_name_grams" as "g" where "g"."gram" = ? order by "g"."registered_at" desc, "g"."member_id" desc;
-- parameters: ["李秀英"]

-- name 李秀英王 (triples, confirmed by LIKE)
select "g"."member_id" as "id" from "member_name_grams" as "g" cross join "members" as "m" where "g"."gram" = ? and exists (select 1 from member_name_grams as h where h.gram = ? and h.member_id = "g"."member_id") and "m"."id" = "g"."member_id" and "m"."name" like ? escape '\' order by "g"."registered_at" desc, "g"."member_id" desc;
-- parameters: ["李秀英","秀英王","%李秀英王%"]
