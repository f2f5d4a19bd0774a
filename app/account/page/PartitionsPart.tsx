import { Form } from "@remix-run/react";
import { useT } from "../../i18n/i18n.ts";
import { Refusal, useAnswer, useBusy } from "./answers.tsx";

/**
 * The account's partition (`/partitions`): where its plans and prices come from. A plain form,
 * so it works without scripts; saving it reloads the realm's settings for the new partition.
 */
export function PartitionForm({
  current,
  partitions,
}: {
  current: string | null;
  partitions: { id: string; name: string }[];
}) {
  const t = useT();
  const answer = useAnswer("partition");
  const busy = useBusy("partition");
  const currentName = partitions.find((p) => p.id === current)?.name;
  return (
    <Form method="post" className="account-form" aria-labelledby="partition-legend">
      <input type="hidden" name="intent" value="partition" />
      <p>{t("partitionIntro")}</p>
      {currentName ? null : <p>{t("partitionNone")}</p>}
      <Refusal answer={answer} />
      <fieldset>
        <legend id="partition-legend">{t("partitionLabel")}</legend>
        {partitions.map((partition) => (
          <label key={partition.id} className="account-radio">
            <input
              type="radio"
              name="partitionId"
              value={partition.id}
              defaultChecked={partition.id === current}
              required
            />{" "}
            {partition.name}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {t("savePartition")}
      </button>
    </Form>
  );
}
