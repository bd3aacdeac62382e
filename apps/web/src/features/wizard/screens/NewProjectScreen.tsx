// The new-project wizard: its four steps, moving between them and saving the project.
import { Alert, Button, Card, Group, Loader, Stepper, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { priceAgreement, type AgreementPrice } from '@listening/contract';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { toast } from '../../../ui/toast.ts';
import { useAccountOptions, usePriceList, useSaveAgreementProject } from '../api/wizard.ts';
import { AccountStep } from '../components/AccountStep.tsx';
import { AgreementStep } from '../components/AgreementStep.tsx';
import { ProjectTypeStep } from '../components/ProjectTypeStep.tsx';
import { initialState, stepProblem, type WizardState } from '../components/wizard-state.ts';
import { useTimeZone } from '../../../ui/time.ts';

const STEPS = ['Project Type', 'Project Name', 'Account setup', 'Agreement setup'] as const;
/** The key of the wizard's one warning toast: taken away once its step is right, or the project saved. */
const STEP_PROBLEM = 'wizard-step-problem';

/** /client/{clientId}/new-project (admins): four steps, Back, Next and Finish; step 1 clickable from later steps. */
export function NewProjectScreen() {
  const { clientId } = useParams({ strict: false }) as { clientId: string };
  const id = Number(clientId);
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  // On a phone the steps show as numbers, with the current step's name under them.
  const phone = useMediaQuery('(max-width: 36em)');
  const timeZone = useTimeZone();
  const [state, setState] = useState<WizardState>(() => initialState(timeZone));
  const set = (patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch }));
  const account = useAccountOptions(id);
  const list = usePriceList();
  const save = useSaveAgreementProject(id);
  const price: AgreementPrice = useMemo(
    () => priceAgreement(Object.entries(state.quantities).map(([ProductId, Quantity]) => ({ ProductId: Number(ProductId), Quantity }))),
    [state.quantities],
  );
  // A warning about this step goes once what it was about is fixed (a name typed, a choice made).
  const stepFixed = stepProblem(step, state) === null;
  useEffect(() => {
    if (stepFixed) toast.hide(STEP_PROBLEM);
  }, [stepFixed]);
  // Step 3 starts with the client's primary contact as the requester.
  const requesters = account.data?.RequestedBys;
  useEffect(() => {
    const first = requesters?.find((r) => r.IsPrimary) ?? requesters?.[0];
    if (first) setState((s) => (s.requestedById === null ? { ...s, requestedById: first.Id } : s));
  }, [requesters]);

  if (account.isError)
    return (
      <Alert m="md" color="red" title="New project">
        {account.error.message}
      </Alert>
    );
  if (account.isPending || list.isPending) return <Loader m="xl" />;
  if (list.isError)
    return (
      <Alert m="md" color="red">
        {list.error.message}
      </Alert>
    );

  const next = () => {
    const problem = stepProblem(step, state);
    if (problem) return toast.warning(problem, undefined, STEP_PROBLEM);
    toast.hide(STEP_PROBLEM);
    setStep((s) => Math.min(3, s + 1));
  };
  const finish = () => {
    const problem = stepProblem(3, state) ?? stepProblem(2, state);
    if (problem) return toast.warning(problem, undefined, STEP_PROBLEM);
    save.mutate(
      {
        Agreement: {
          ClientId: id,
          RequestedById: state.requestedById!,
          BillingTypeId: state.billingTypeId!,
          PaymentTypeId: state.paymentTypeId!,
          CancellationTypeId: state.cancellationTypeId!,
          StartDate: state.startDate,
          EndDate: state.endDate || null,
          IsTrial: state.isTrial,
          SendAgreementNow: state.sendAgreementNow,
          Products: price.Products.map((l) => ({ ProductId: l.ProductId, Quantity: l.Quantity })),
          ProductListTotal: price.ProductListTotal,
          AgreementTotal: price.AgreementTotal,
        },
        Bin: { Name: state.name.trim() },
        ProjectSetup: { ProjectTypeId: state.typeId!, ProjectSubTypeId: state.subTypeId },
        ProjectType: state.typeId!,
        ...(state.keywords.trim() ? { Keywords: state.keywords.trim() } : {}),
      },
      {
        onSuccess: (r) => {
          toast.success(r.Message, undefined, { replaces: STEP_PROBLEM });
          void navigate({ to: '/client/$clientId/projects', params: { clientId } });
        },
      },
    );
  };

  return (
    <div style={{ padding: 'var(--mantine-spacing-md)', maxWidth: 1100, margin: '0 auto' }}>
      <PageHeader title="New project" />
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stepper
          active={step}
          // Only step 1 can be clicked, from any later step.
          onStepClick={(s) => s === 0 && setStep(0)}
          allowNextStepsSelect={false}
          size="sm"
        >
          {STEPS.map((label, i) => (
            <Stepper.Step key={label} label={phone ? undefined : label} aria-label={label} allowStepSelect={i === 0 && step > 0} />
          ))}
        </Stepper>
        {phone && (
          <Text fw={600} mt="sm">
            Step {step + 1} of {STEPS.length}: {STEPS[step]}
          </Text>
        )}
        <div style={{ marginTop: 'var(--mantine-spacing-lg)', minHeight: 220 }}>
          {step === 0 && <ProjectTypeStep typeId={state.typeId} subTypeId={state.subTypeId} onChange={(typeId, subTypeId) => set({ typeId, subTypeId })} />}
          {step === 1 && (
            <>
              <TextInput
                label="Project name"
                value={state.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
                required
                maxLength={120}
                data-autofocus
              />
              <Textarea
                mt="md"
                label="Keywords (optional)"
                description='What the project collects: words, "quoted phrases", AND, OR, NOT and parentheses. Empty: the project name as a phrase.'
                value={state.keywords}
                onChange={(e) => set({ keywords: e.currentTarget.value })}
                autosize
                minRows={2}
              />
            </>
          )}
          {step === 2 && <AccountStep state={state} set={set} account={account.data} />}
          {step === 3 && <AgreementStep list={list.data} state={state} set={set} price={price} />}
        </div>
        {save.isError && (
          <Text c="red" size="sm" mt="sm" role="alert">
            {save.error.message}
          </Text>
        )}
        <Group justify="space-between" mt="lg">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))}>
            Back
          </Button>
          {step < 3 ? (
            <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
              Next
            </Button>
          ) : (
            <Button color="teal" leftSection={<IconCheck size={16} />} loading={save.isPending} onClick={finish}>
              Finish
            </Button>
          )}
        </Group>
      </Card>
    </div>
  );
}
