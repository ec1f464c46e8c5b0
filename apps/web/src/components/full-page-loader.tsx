import { Center, Loader } from '@mantine/core';

/** Shown while the signed-in member is being loaded, before any guarded page can decide. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
