-- A statement line's note becomes what happened and its codes (decision 044), worded when
-- read, in the reader's language. The English notes written before are read back into it.
ALTER TABLE "bank_statement_lines" ALTER COLUMN "note" SET DATA TYPE jsonb USING (
	CASE
		WHEN "note" IS NULL THEN NULL
		WHEN "note" = 'No BT- code in the description.' THEN jsonb_build_object('kind', 'no_code')
		WHEN "note" = 'Unmatched by hand.' THEN jsonb_build_object('kind', 'unmatched_by_hand')
		WHEN "note" ~ '^Several codes \(BT-[0-9]{5}(, BT-[0-9]{5})+\): match it by hand\.$' THEN jsonb_build_object(
			'kind', 'several_codes',
			'codes', to_jsonb(regexp_split_to_array(substring("note" from '^Several codes \((.*)\): match it by hand\.$'), ', ')))
		WHEN "note" ~ '^No open entry has the code BT-[0-9]{5}\.$' THEN jsonb_build_object(
			'kind', 'not_found', 'code', substring("note" from '(BT-[0-9]{5})\.$'))
		WHEN "note" ~ '^No open entry in your assemblies has the code BT-[0-9]{5}\.$' THEN jsonb_build_object(
			'kind', 'not_found_in_scope', 'code', substring("note" from '(BT-[0-9]{5})\.$'))
		WHEN "note" ~ '^BT-[0-9]{5} is already matched to another line\.$' THEN jsonb_build_object(
			'kind', 'already_matched', 'code', substring("note" from '^(BT-[0-9]{5})'))
		WHEN "note" ~ '^BT-[0-9]{5}: the member entered GHS [0-9,]+\.[0-9]{2}\.$' THEN jsonb_build_object(
			'kind', 'amount_differs',
			'code', substring("note" from '^(BT-[0-9]{5})'),
			'amount', (replace(substring("note" from 'GHS ([0-9,]+\.[0-9]{2})\.$'), ',', '')::numeric * 100)::integer)
		ELSE jsonb_build_object('kind', 'text', 'text', "note")
	END
);
