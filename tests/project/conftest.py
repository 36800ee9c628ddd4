"""The federated sample, written once per session."""

from __future__ import annotations

import pytest

from ifcqa.sample.federated import FederatedSample, write_federated_project


@pytest.fixture(scope="session")
def federated(tmp_path_factory: pytest.TempPathFactory) -> FederatedSample:
    return write_federated_project(tmp_path_factory.mktemp("federated"))
