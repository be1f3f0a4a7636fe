/**
 * A search form kept in step with its URL: filled from the URL when the page opens, and again
 * when the URL changes under it (Back, Forward, a link to the same page), so that the form always
 * shows the search whose results are shown. The page's own writes, made from the form, leave the
 * form as it is (what the URL cannot hold, such as a name shown beside a code, is kept).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useUrlForm<F>(params: URLSearchParams, fromUrl: (p: URLSearchParams) => F) {
  const search = params.toString();
  const [form, setForm] = useState(() => fromUrl(params));
  const written = useRef(search);
  const read = useRef(fromUrl);
  read.current = fromUrl;
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setForm(read.current(new URLSearchParams(search)));
  }, [search]);
  /** To call with the query the page is about to write from its form. */
  const writing = useCallback((q: URLSearchParams) => {
    written.current = q.toString();
  }, []);
  return { form, setForm, writing };
}
