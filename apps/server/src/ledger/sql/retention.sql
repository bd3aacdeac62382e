-- dropBinClipsBefore
with doomed as (
      select id, posted_at from bin_clips
       where bin_id = any($1::int[]) and posted_at < $2
       order by id
       limit $3
         for update skip locked
    )
    delete from bin_clips b using doomed where b.id = doomed.id and b.posted_at = doomed.posted_at
    returning b.clip_id;
