-- Map members (SPEC §3 Map authorised users, §6; apps/api/src/maps/map-members.service.ts): the owner
-- adds registered users by e-mail to `map_clients`, whose `created_at` is when each was added. The
-- primary key (map_id, client_id) serves a map's list; the maps list (GET /v2/maps) looks the other
-- way, for the maps a user is a member of.
CREATE INDEX map_clients_client ON map_clients (client_id);
