-- total
select coalesce(sum("bin_hourly"."clips"), 0) as "clips", coalesce(sum("bin_hourly"."ave"), 0) as "ave", coalesce(sum("bin_hourly"."positive"), 0) as "positive", coalesce(sum("bin_hourly"."neutral"), 0) as "neutral", coalesce(sum("bin_hourly"."negative"), 0) as "negative", coalesce(sum("bin_hourly"."owned"), 0) as "owned", coalesce(sum("bin_hourly"."earned"), 0) as "earned", coalesce(sum("bin_hourly"."chatter"), 0) as "chatter" from "bin_hourly" where "bin_hourly"."bin_id" = $1 and "bin_hourly"."stream_id" in ($2, $3) and "bin_hourly"."hour" >= $4 and "bin_hourly"."hour" < $5;

-- totalPrevious (the comparison period)
select coalesce(sum("bin_hourly"."clips"), 0) as "clips" from "bin_hourly" where "bin_hourly"."bin_id" = $1 and "bin_hourly"."stream_id" in ($2, $3) and "bin_hourly"."hour" >= $4 and "bin_hourly"."hour" < $5;

-- byStream
select "bin_hourly"."stream_id", sum("bin_hourly"."clips") as "clips", sum("bin_hourly"."ave") as "ave" from "bin_hourly" where "bin_hourly"."bin_id" = $1 and "bin_hourly"."stream_id" in ($2, $3) and "bin_hourly"."hour" >= $4 and "bin_hourly"."hour" < $5 group by "bin_hourly"."stream_id";

-- byBucket
select to_char(date_trunc('week', "bin_hourly"."hour" at time zone $1), 'YYYY-MM-DD') as "day", sum("bin_hourly"."clips") as "clips", sum("bin_hourly"."positive") as "positive" from "bin_hourly" where "bin_hourly"."bin_id" = $2 and "bin_hourly"."stream_id" in ($3, $4) and "bin_hourly"."hour" >= $5 and "bin_hourly"."hour" < $6 group by 1;

-- byBucketHour
select to_char(date_trunc('day', "bin_hourly"."hour" at time zone $1), 'YYYY-MM-DD') as "day", extract(hour from "bin_hourly"."hour" at time zone $2)::int as "hour", sum("bin_hourly"."clips") as "clips", sum("bin_hourly"."negative") as "negative" from "bin_hourly" where "bin_hourly"."bin_id" = $3 and "bin_hourly"."stream_id" in ($4, $5) and "bin_hourly"."hour" >= $6 and "bin_hourly"."hour" < $7 group by 1, 2;

-- byAssociation
select "bin_hourly_sentiment"."brand_association_id", sum("bin_hourly_sentiment"."positive") as "positive", sum("bin_hourly_sentiment"."neutral") as "neutral", sum("bin_hourly_sentiment"."negative") as "negative", sum("bin_hourly_sentiment"."ave") as "ave" from "bin_hourly_sentiment" where "bin_hourly_sentiment"."bin_id" = $1 and "bin_hourly_sentiment"."stream_id" in ($2, $3) and "bin_hourly_sentiment"."hour" >= $4 and "bin_hourly_sentiment"."hour" < $5 group by "bin_hourly_sentiment"."brand_association_id";

-- series (with the cuts given)
select to_char(date_trunc('day', "bin_hourly"."hour" at time zone $1), 'YYYY-MM-DD') as "day", sum("bin_hourly"."clips") as "clips" from "bin_hourly" where "bin_hourly"."bin_id" = $2 and "bin_hourly"."stream_id" in ($3, $4) and "bin_hourly"."hour" >= $5 and "bin_hourly"."hour" < $6 group by 1;

-- cutsOf
select min("hour") as "first" from "bin_hourly" where "bin_id" = $1 and "clips" > $2;
