// question: the user's answers in opencode's words, `User has answered your questions: "Q"="A". You can now…`.
import { isRecord, type ToolResult } from "../payload.js";
import { formatGeneric } from "./generic.js";
import type { ToolText } from "./types.js";

/** One question and what the user chose (several choices are joined with ", "; none is "Unanswered"). */
interface Answered {
  question: string;
  answers: string[];
}

const asAnswers = (value: unknown): string[] | undefined => {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
  return undefined;
};

const questionText = (value: unknown): string | undefined => {
  if (typeof value === "string") return value;
  return isRecord(value) && typeof value.question === "string" ? value.question : undefined;
};

/**
 * The answers in any of the forms harnesses write: `{questions, answers}` (opencode's parameters beside its
 * answers, one list per question), a list of `{question, answer | answers}`, or an object question → answer.
 */
function readAnswered(data: unknown): Answered[] | undefined {
  if (isRecord(data) && Array.isArray(data.questions) && Array.isArray(data.answers)) {
    const answers = data.answers;
    const read = data.questions.map((question, index) => ({ question: questionText(question), answers: asAnswers(answers[index]) ?? [] }));
    return read.every((item) => item.question !== undefined) ? (read as Answered[]) : undefined;
  }
  if (Array.isArray(data)) {
    const read = data.map((item) => ({ question: questionText(item), answers: isRecord(item) ? asAnswers(item.answers ?? item.answer) : undefined }));
    return data.length > 0 && read.every((item) => item.question !== undefined && item.answers !== undefined) ? (read as Answered[]) : undefined;
  }
  if (isRecord(data) && Object.keys(data).length > 0) {
    const read = Object.entries(data).map(([question, answer]) => ({ question, answers: asAnswers(answer) }));
    return read.every((item) => item.answers !== undefined) ? (read as Answered[]) : undefined;
  }
  return undefined;
}

/** `User has answered your questions: "What color?"="Blue". You can now continue with the user's answers in mind.` */
export function formatQuestion(result: ToolResult): ToolText {
  const answered = result.ok ? readAnswered(result.data) : undefined;
  if (answered === undefined) return formatGeneric(result);
  const pairs = answered.map(({ question, answers }) => `"${question}"="${answers.length > 0 ? answers.join(", ") : "Unanswered"}"`).join(", ");
  return { header: "", body: `User has answered your questions: ${pairs}. You can now continue with the user's answers in mind.`, footer: "", paged: false };
}
