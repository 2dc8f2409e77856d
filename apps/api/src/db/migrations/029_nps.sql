-- The NPS survey's answers (SPEC §9; packages/domain nps/nps.ts, apps/api/src/nps/). A null score
-- is a dismissal ("Not now"): it counts as the period's answer, so the survey is not shown again
-- before the period is over. Rows are added one at a time per account, under a lock on its client row.
CREATE TABLE nps_answers (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  score smallint CHECK (score BETWEEN 0 AND 10),
  comment text,
  answered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX nps_answers_client ON nps_answers (client_id, answered_at);
