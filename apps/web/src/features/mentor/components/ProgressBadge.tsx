import { Badge } from '@mantine/core';
import type { TutorialContact } from '@listening/contract';

/** Where the contact is in a tutorial: completed, or the step they are on; nothing before they start. */
export function ProgressBadge({ registration }: { registration: TutorialContact | undefined }) {
  if (!registration) return null;
  if (registration.IsCompleted)
    return (
      <Badge color="teal" variant="light">
        Completed
      </Badge>
    );
  return (
    <Badge color="blue" variant="light">
      Step {registration.StepNumber} of {registration.StepCount}
    </Badge>
  );
}
