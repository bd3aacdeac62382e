// Mantine components as typed router links: `to`, `params` and `search` are checked against the
// route table, which Mantine's polymorphic `component={Link}` cannot do.
import { Anchor, Button, Card, type AnchorProps, type ButtonProps, type CardProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

const CardAnchor = forwardRef<HTMLAnchorElement, CardProps & ComponentPropsWithoutRef<'a'>>((props, ref) => <Card component="a" ref={ref} {...props} />);
const AnchorAnchor = forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithoutRef<'a'>>((props, ref) => <Anchor component="a" ref={ref} {...props} />);
const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & ComponentPropsWithoutRef<'a'>>((props, ref) => <Button component="a" ref={ref} {...props} />);

export const CardLink = createLink(CardAnchor);
export const AnchorLink = createLink(AnchorAnchor);
export const ButtonLink = createLink(ButtonAnchor);
