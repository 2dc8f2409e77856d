-- Routed areas computed towards their start (direction arrival: from where one reaches it) and
-- from several starts at once (start_points, 2 to 10 in the user's order, one area reached from any
-- of them). start_point keeps the first start of such an area, so what reads one start (exports,
-- the map's markers) goes on working; start_points is null for an area with one start.
ALTER TABLE areas
  ADD COLUMN direction text NOT NULL DEFAULT 'departure' CHECK (direction IN ('departure', 'arrival')),
  ADD COLUMN start_points geometry(MultiPoint, 4326);
