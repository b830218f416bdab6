-- Applied at every boot after the migrations (db/repeatable.ts), under the same lock: this file is the
-- one definition; migration 0016 only created the first version.
-- What counts toward a member's swipe budget (matches/limits.ts): her likes since the start of the
-- UTC day (a super like has its own budget) and her super likes in the rolling window. One definition,
-- read by the limits shown to her and by record_swipe below, which must count after taking her lock.
CREATE OR REPLACE FUNCTION swipe_usage(p_user uuid, p_day_start timestamptz, p_window_start timestamptz)
RETURNS TABLE (likes_today integer, super_likes integer, oldest_super_like_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT
    (count(*) FILTER (WHERE NOT s.is_super_like AND s.created_at >= p_day_start))::integer,
    (count(*) FILTER (WHERE s.is_super_like AND s.created_at > p_window_start))::integer,
    min(s.created_at) FILTER (WHERE s.is_super_like AND s.created_at > p_window_start)
  FROM swipes s
  -- Both windows start at most at p_window_start; the (user_id, created_at) index bounds the scan.
  WHERE s.user_id = p_user AND s.is_like AND s.created_at >= p_window_start
$$;
