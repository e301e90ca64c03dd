import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../admin-http';
import { uploadPhoto } from './catalogue-api';
import { photoProblem } from './catalogue-form-parts';

export const PHOTO_FAILED = 'The details were saved, but the photo could not be uploaded. Please try again.';

/**
 * The photo part of a catalogue dialog: the chosen file, its error, and the row id once saved
 * (a failed upload after a first save makes the next Save a change, never a second row).
 */
export function usePhotoSave(target: 'therapists' | 'locations', rowId: number | null) {
  const [savedId, setSavedId] = useState(rowId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? photoProblem(chosen) : undefined);
  };

  /** After the row's save: uploads the chosen photo; false (with the error shown) when it failed. */
  const afterSave = async (id: number): Promise<boolean> => {
    setSavedId(id);
    if (!file) return true;
    const problem = photoProblem(file);
    if (problem) {
      setError(problem);
      return false;
    }
    try {
      await uploadPhoto(target, id, file);
      return true;
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status < 500 ? errorMessage(caught, PHOTO_FAILED) : PHOTO_FAILED,
      );
      return false;
    }
  };

  /**
   * The dialog's Save: a bad photo stops it before anything is sent; `save` stores the row, then
   * the photo goes up; `onSaved` once both went through (the dialog's answer: true).
   */
  const submit = async <T extends { id: number }>(
    save: () => Promise<T | null>,
    onSaved: (saved: T) => void,
  ): Promise<boolean> => {
    if (file && photoProblem(file)) return false;
    const saved = await save();
    if (!saved || !(await afterSave(saved.id))) return false;
    onSaved(saved);
    return true;
  };

  return { savedId, file, error, choose, submit };
}
