-- The signature block of the printed reports (value opinion, market analysis): the agent who
-- signs them and the town of « Fait à …, le … », set with the agency in the report template.
ALTER TABLE agency_profiles ADD COLUMN agent_name text NOT NULL DEFAULT '';
ALTER TABLE agency_profiles ADD COLUMN city text NOT NULL DEFAULT '';
