/**
 * The value opinion tool (/pro/avisdevaleur): the subject property → comparables chosen by
 * METHODOLOGY §2 with every widening step shown; the agent removes or adds comparables and the
 * estimate is recomputed at once by the server; the agent's adjustment and comment; save, print
 * and PDF download; the saved opinions.
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useValueOpinion } from './use-value-opinion';
import { ValueOpinionEstimate } from './value-opinion-estimate';
import { ValueOpinionMargin } from './value-opinion-margin';
import { ValueOpinionSavedList } from './value-opinion-saved-list';
import { ValueOpinionSubjectForm } from './value-opinion-subject-form';

export function ValueOpinionTool() {
  const v = useValueOpinion();

  return (
    <Stack gap="lg">
      <ValueOpinionSubjectForm
        form={v.form}
        set={v.set}
        pickAddress={v.pickAddress}
        photo={v.photo}
        setPhoto={v.setPhoto}
        result={v.result}
        pending={v.pending}
        disabled={v.loadingSaved}
        onSubmit={v.submit}
      />

      {v.error && (
        <Alert color="red" role="alert" title="Impossible d’estimer">
          {v.error}
        </Alert>
      )}

      {v.result && (
        <ValueOpinionEstimate
          result={v.result}
          adjustment={v.adjustment}
          setAdjustment={v.setAdjustment}
          finalValue={v.finalValue}
          comment={v.comment}
          setComment={v.setComment}
          remove={v.remove}
          add={v.add}
          saved={v.saved}
          save={v.save}
          pdfAvailable={v.pdfAvailable}
          notice={v.notice}
          pricingFields={<ValueOpinionMargin result={v.result} pricing={v.pricing} setPricing={v.setPricing} />}
        />
      )}

      <Text size="sm">
        L’en-tête de vos rapports (nom, coordonnées et logo de l’agence) se règle dans le{' '}
        <Anchor component={Link} to="/pro/template">
          modèle de rapport
        </Anchor>
        .
      </Text>

      <ValueOpinionSavedList list={v.list} />
    </Stack>
  );
}
