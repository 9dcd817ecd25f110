import * as vscode from 'vscode';
import { CortexInputError } from '../../core/edit/errors';

/**
 * Steps of a multi-step QuickInput (VS Code's pattern for wizards): a title with
 * "step N of M", a Back button from the second step on, extra buttons, and input
 * that is checked as it is typed, with what is wrong (or a live hint, such as the
 * slug a name gives) shown under the box. `Prompts` routes every step through here,
 * or to a test's answers.
 */

export interface StepButton {
  readonly id: string;
  /** A codicon id ("edit", "folder-opened"). */
  readonly icon: string;
  readonly tooltip: string;
}

export interface StepCommon {
  readonly title: string;
  readonly step?: number;
  readonly totalSteps?: number;
  /** Shows the Back button. */
  readonly canGoBack?: boolean;
  readonly buttons?: readonly StepButton[];
  /** Keep the step open when focus moves elsewhere (e.g. to a diff the step is about). */
  readonly ignoreFocusOut?: boolean;
}

/** What a check says about the text typed so far: an error blocks Enter; a warning is shown as one but lets Enter through; a hint is shown under the box. */
export interface InputFeedback {
  readonly error?: string;
  readonly warning?: string;
  readonly hint?: string;
}

/** A core input rule as the box's feedback: what it refuses is the error, anything else is thrown on. */
export function ruleFeedback(check: () => unknown): InputFeedback {
  try {
    check();
    return {};
  } catch (e) {
    if (e instanceof CortexInputError) return { error: e.message };
    throw e;
  }
}

export interface InputStepRequest extends StepCommon {
  readonly value?: string;
  readonly placeholder?: string;
  /** Shown under the box while the check gives no hint of its own. */
  readonly prompt?: string;
  readonly check?: (value: string) => InputFeedback | Promise<InputFeedback>;
}

export interface PickStepRequest<T extends vscode.QuickPickItem> extends StepCommon {
  readonly items: readonly T[];
  readonly placeholder?: string;
  readonly activeItem?: T;
  readonly matchOnDescription?: boolean;
  readonly matchOnDetail?: boolean;
}

/** How a step ended. */
export type StepOutcome<T> =
  | { readonly kind: 'accept'; readonly value: T }
  | { readonly kind: 'back' }
  /** A step button; `value` is the text in the box at that moment (inputs). */
  | { readonly kind: 'button'; readonly id: string; readonly value: string }
  | { readonly kind: 'cancel' };

/** An input box step on screen. Resolves when the user accepts valid text, goes back, presses a button or escapes. */
export function showInputStep(request: InputStepRequest): Promise<StepOutcome<string>> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    const disposables: vscode.Disposable[] = [box];
    let settled = false;
    const finish = (outcome: StepOutcome<string>) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      disposables.forEach((d) => d.dispose());
    };
    applyCommon(box, request);
    box.value = request.value ?? '';
    box.placeholder = request.placeholder;
    box.prompt = request.prompt;

    let generation = 0;
    const check = async (value: string): Promise<InputFeedback> => (request.check ? request.check(value) : {});
    const show = (feedback: InputFeedback) => {
      box.validationMessage = feedback.error ?? (feedback.warning ? { message: feedback.warning, severity: vscode.InputBoxValidationSeverity.Warning } : undefined);
      box.prompt = feedback.hint ?? request.prompt;
    };
    const validate = async (value: string, showErrors: boolean) => {
      const mine = ++generation;
      box.busy = true;
      try {
        const feedback = await check(value);
        if (mine !== generation || settled) return;
        show(showErrors ? feedback : { hint: feedback.hint, warning: feedback.warning });
      } catch (e) {
        if (mine === generation && !settled) show({ error: String(e instanceof Error ? e.message : e) });
      } finally {
        if (mine === generation) box.busy = false;
      }
    };

    disposables.push(
      // An empty box is not an error until the user types or presses Enter.
      box.onDidChangeValue((value) => void validate(value, true)),
      box.onDidAccept(async () => {
        const value = box.value;
        const mine = ++generation;
        box.busy = true;
        let feedback: InputFeedback;
        try {
          feedback = await check(value);
        } catch (e) {
          feedback = { error: String(e instanceof Error ? e.message : e) };
        }
        if (settled || mine !== generation) return;
        box.busy = false;
        if (feedback.error) {
          show(feedback);
          return;
        }
        finish({ kind: 'accept', value });
      }),
      box.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish({ kind: 'back' });
        else finish({ kind: 'button', id: buttonId(request, button), value: box.value });
      }),
      box.onDidHide(() => finish({ kind: 'cancel' })),
    );
    box.show();
    if (box.value !== '') void validate(box.value, true);
    else void validate('', false);
  });
}

/** A QuickPick step on screen. */
export function showPickStep<T extends vscode.QuickPickItem>(request: PickStepRequest<T>): Promise<StepOutcome<T>> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<T>();
    const disposables: vscode.Disposable[] = [pick];
    let settled = false;
    const finish = (outcome: StepOutcome<T>) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      disposables.forEach((d) => d.dispose());
    };
    applyCommon(pick, request);
    pick.items = request.items;
    pick.placeholder = request.placeholder;
    pick.matchOnDescription = request.matchOnDescription ?? false;
    pick.matchOnDetail = request.matchOnDetail ?? false;
    if (request.activeItem) pick.activeItems = [request.activeItem];
    disposables.push(
      pick.onDidAccept(() => {
        const item = pick.selectedItems[0] ?? pick.activeItems[0];
        if (item) finish({ kind: 'accept', value: item });
      }),
      pick.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish({ kind: 'back' });
        else finish({ kind: 'button', id: buttonId(request, button), value: pick.value });
      }),
      pick.onDidHide(() => finish({ kind: 'cancel' })),
    );
    pick.show();
  });
}

function applyCommon(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>, request: StepCommon): void {
  input.title = request.title;
  input.step = request.step;
  input.totalSteps = request.totalSteps;
  input.ignoreFocusOut = request.ignoreFocusOut ?? false;
  input.buttons = [
    ...(request.canGoBack ? [vscode.QuickInputButtons.Back] : []),
    ...(request.buttons ?? []).map((b) => ({ iconPath: new vscode.ThemeIcon(b.icon), tooltip: b.tooltip })),
  ];
}

function buttonId(request: StepCommon, button: vscode.QuickInputButton): string {
  return request.buttons?.find((b) => b.tooltip === button.tooltip)?.id ?? '';
}

/** A label without its `$(icon)` parts, as a test names an item. */
export function plainLabel(label: string): string {
  return label.replace(/\$\([\w~-]+\)\s*/g, '').trim();
}
