from .models import Model, helper as exported_helper
from . import sub

__all__ = ["Model", "exported_helper", "sub"]
