import { useEffect } from 'react';
import { PRODUCT_NAME } from './site';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
