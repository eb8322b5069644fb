// Catches what a screen throws while it renders or loads, and shows the error page in its place until the
// next navigation, as the data router's errorElement did (spec §2; the router, design §7).
import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { RouteErrorPage } from './route-error-page';

interface RouteErrorBoundaryProps {
  location: Location;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  /** Set while the screen at `location` has failed. */
  failure: { error: unknown } | null;
  location: Location;
}

export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    return this.state.failure ? <RouteErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}
