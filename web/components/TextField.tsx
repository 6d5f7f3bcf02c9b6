import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { inputClass, labelClass } from "./form";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "className">;

/** A labelled text input; `children` go below it (a strength meter, a hint, a link). */
export function TextField({
  label,
  value,
  onChange,
  inputClassName = "",
  children,
  ...input
}: InputProps & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputClassName?: string;
  children?: ReactNode;
}) {
  const generatedId = useId();
  const id = input.id ?? generatedId;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${inputClassName}`}
      />
      {children}
    </div>
  );
}
